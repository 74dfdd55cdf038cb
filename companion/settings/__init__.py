"""This device's settings and limits; imported by the devices, the table and the rooms above."""
