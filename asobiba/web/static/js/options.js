// Option controls built from a game's option specs (Options.specs(): kind, choices, min, max,
// default, ja/en help, and the words for the option and its values, `label` and `value_labels`:
// the page knows no game's options). Values the player has not touched are not sent (the game's
// default holds).
// The help texts are written for the command line too, so they quote option values by their ids
// ("auto", "full_with_king", "setup=fixed"); the page shows those in words.

import { seatName } from "./catalog.js";
import { h } from "./dom.js";
import { lang, pick, t } from "./i18n.js";

/** "人数 3人 · 王駒 あり · …": the options a game's catalog entry shows first (`lobby.options`). */
export function rulesLine(entry, options) {
  return (entry?.lobby?.options ?? [])
    .filter((name) => name in options)
    .map((name) => `${optionLabel(entry, name)} ${valueLabel(entry, name, options[name])}`)
    .join(" · ");
}

const specIn = (entry, name) => entry?.options?.find((s) => s.name === name);

/** The name of option `name` of the game `entry` for people (its spec's `label`), else its id. */
export function optionLabel(entry, name) {
  return pick(specIn(entry, name)?.label) || name;
}

/** A value of option `name` in words: the words its spec gives it (`value_labels`), a seat's name
 * from the catalog entry (a colour), else the value itself. */
export function valueLabel(entry, name, value) {
  if (value === null) return t("opt.auto");
  if (value === true) return t("opt.on");
  if (value === false) return t("opt.off");
  const named = specIn(entry, name)?.value_labels?.find((v) => v.value === value);
  return named ? pick(named.label) : seatName(entry, String(value));
}

const TOKEN = /([A-Za-z_]+)=([A-Za-z_]+)|[A-Za-z_]+/g;

/** The help of option `spec` in the page's language, the ids it quotes in words: `name=value`, a
 * choice (on the English page only where it reads as an id: with "_", or before "=" or ":", or
 * after "="), true / false, an option name with "_". */
export function helpText(entry, spec) {
  const en = lang() === "en";
  const text = (en ? spec.en : spec.ja) ?? "";
  const quote = (words) => (en ? `“${words}”` : `「${words}」`);
  const specOf = (name) => entry.options.find((s) => s.name === name);
  const words = (name, token) => {
    const value = token === "true" ? true : token === "false" ? false
      : specOf(name)?.choices?.find((c) => String(c) === token);
    return value === undefined ? null : quote(valueLabel(entry, name, value));
  };
  /** On the Japanese page a value of another option is words too, when only one option has it. */
  const elsewhere = (token) => {
    const owners = entry.options.filter((s) => s.choices?.some((c) => String(c) === token));
    return !en && owners.length === 1 ? words(owners[0].name, token) : null;
  };
  return text.replace(TOKEN, (match, name, value, offset) => {
    if (name) return specOf(name) && words(name, value) ? `${optionLabel(entry, name)} ${words(name, value)}` : match;
    const asId = !en || match.includes("_") || /^\s*(\(default\))?\s*[=:]/.test(text.slice(offset + match.length))
      || /=\s*$/.test(text.slice(0, offset));
    if (!asId) return match;
    if (match.includes("_") && specOf(match)) return quote(optionLabel(entry, match));
    return words(spec.name, match) ?? elsewhere(match) ?? match;
  });
}

function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A segmented radio group (few choices) or a select (many); `labelOf(choice)` names a choice. */
export function choiceControl(name, choices, current, onChange, labelOf) {
  if (choices.length > 6) {
    const select = h(
      "select",
      { id: `opt-${name}`, name, onchange: (e) => onChange(choices[Number(e.target.value)]) },
      choices.map((c, i) => h("option", { value: i, selected: same(c, current) }, labelOf(c))),
    );
    return select;
  }
  return h(
    "div",
    { class: "segmented", role: "radiogroup", id: `opt-${name}` },
    choices.map((c, i) => {
      const id = `opt-${name}-${i}`;
      return h(
        "label",
        { for: id, class: same(c, current) ? "on" : "" },
        h("input", {
          type: "radio",
          id,
          name: `opt-${name}`,
          value: String(c),
          checked: same(c, current),
          onchange: () => onChange(c),
        }),
        h("span", {}, labelOf(c)),
      );
    }),
  );
}

function tupleControl(spec, current, onChange, labelOf) {
  if (spec.choices) {
    const chosen = new Set(current ?? []);
    return h(
      "div",
      { class: "checks", id: `opt-${spec.name}` },
      spec.choices.map((c, i) =>
        h(
          "label",
          {},
          h("input", {
            type: "checkbox",
            id: `opt-${spec.name}-${i}`,
            checked: chosen.has(c),
            onchange: (e) => {
              if (e.target.checked) chosen.add(c);
              else chosen.delete(c);
              const list = spec.choices.filter((x) => chosen.has(x));
              onChange(list.length ? list : null);
            },
          }),
          " ",
          labelOf(c),
        ),
      ),
    );
  }
  return h("input", {
    type: "text",
    id: `opt-${spec.name}`,
    value: (current ?? []).join(","),
    inputmode: "numeric",
    onchange: (e) => onChange(e.target.value),
  });
}

/** One labelled control for one spec of the game `entry`; `onChange(value)` gets the new value. */
export function optionField(entry, spec, current, onChange) {
  let control;
  const choices = spec.choices ? [...spec.choices] : null;
  const labelOf = (value) => valueLabel(entry, spec.name, value);
  if (spec.kind.startsWith("tuple")) {
    control = tupleControl(spec, current, onChange, labelOf);
  } else if (spec.kind === "bool") {
    control = choiceControl(spec.name, [true, false], current, onChange, labelOf);
  } else if (choices) {
    if (spec.default === null) choices.unshift(null);
    control = choiceControl(spec.name, choices, current, onChange, labelOf);
  } else if (spec.kind === "int" && spec.min !== null && spec.max !== null && spec.max - spec.min < 6) {
    const range = Array.from({ length: spec.max - spec.min + 1 }, (_, i) => spec.min + i);
    control = choiceControl(spec.name, range, current, onChange, labelOf);
  } else if (spec.kind === "int") {
    control = h("input", {
      type: "number",
      id: `opt-${spec.name}`,
      min: spec.min ?? undefined,
      max: spec.max ?? undefined,
      value: current,
      onchange: (e) => onChange(Number(e.target.value)),
    });
  } else {
    control = h("input", {
      type: "text",
      id: `opt-${spec.name}`,
      value: current ?? "",
      onchange: (e) => onChange(e.target.value),
    });
  }
  const help = helpText(entry, spec);
  return h(
    "div",
    { class: "field", "data-option": spec.name },
    h("span", { class: "field-label", title: help }, optionLabel(entry, spec.name)),
    control,
    help && help.length > optionLabel(entry, spec.name).length + 3 ? h("small", { class: "help" }, help) : null,
  );
}
