from korbiro.cli import main

main()
