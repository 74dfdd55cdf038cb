"""What is kept: the journal of every event, a game's record; the tray, table and up import it."""
