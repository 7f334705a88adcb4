from asobiba.cli import main

main()
