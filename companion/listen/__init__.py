"""Listening (issue 34): spoken announcements heard, by the phone's browser or offline on
the Pi, and turned into the words the referee checks. Imports the games and the referee's
types; never imported by the games."""
