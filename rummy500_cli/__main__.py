"""`python -m rummy500_cli`: the same program as the `rummy500` command."""

from .cli.main import main

if __name__ == "__main__":
    main(prog_name="rummy500")
