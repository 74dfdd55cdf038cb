"""The figures of `companion bench` (rules, referee, start-up); only the command line imports it."""
