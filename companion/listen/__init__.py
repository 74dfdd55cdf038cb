"""Listening (issue 34): spoken announcements heard, by the phone's browser or offline on
the Pi, and turned into the words the referee checks. Imports the games, the model and
the panel; imported by the table, the web and the CLI, never by the games."""
