// ESLint's configuration for the page's JavaScript (asobiba/web/static): plain ES modules that
// run in the browser, no build step. The recommended rules, plus a few that catch what review
// found by hand: unused names, `==`, names redeclared or shadowing an outer one, `var`.
// Paths are the repository's: scripts/test.sh runs it from the repository root with
// `tests/js/node_modules/.bin/eslint --config tests/js/eslint.config.js asobiba/web/static tests/js`.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["tests/js/node_modules/**"] },
  js.configs.recommended,
  {
    files: ["asobiba/web/static/**/*.js", "tests/js/**/*.js"],
    languageOptions: { ecmaVersion: 2024, sourceType: "module", globals: { ...globals.browser } },
    rules: {
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_" }],
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-shadow": "error",
      "no-var": "error",
      "prefer-const": "error",
      "no-irregular-whitespace": ["error", { skipStrings: true, skipTemplates: true }], // 全角の空白 in texts
    },
  },
  { files: ["asobiba/web/static/sw.js"], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ["tests/js/**/*.js"], languageOptions: { globals: { ...globals.node } } },
];
