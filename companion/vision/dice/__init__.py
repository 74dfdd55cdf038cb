"""Reading dice: pip spots (spots), the two small networks (net), the top faces
(reader, pips), the tray where dice are read (tray), the Miwin colours (colours), settling
(settle) and the labelled real photos (truth)."""
