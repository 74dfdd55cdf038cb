"""Vision: locate the board, read fields, read dice, tell still frames from moving ones."""
