"""`python -m spielwerk ...`: the command line, the same as the `spielwerk` script."""

from spielwerk.cli.main import main

main()
