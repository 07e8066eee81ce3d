from ghcli.cli import main

main()
