"""The table at play: frames and rolls in, verdicts out; only web, cli, hub, figures import it."""
