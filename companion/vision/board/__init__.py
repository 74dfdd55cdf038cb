"""Reading a board: where it lies in the frame (locate), what stands on each field
(fields, profiles, learn, reader), and whether the table is still (still)."""
