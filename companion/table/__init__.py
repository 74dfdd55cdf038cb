"""The table at play: frames and rolls in, verdicts out; imported by web, cli, hub, figures."""
