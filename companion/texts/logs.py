"""What ``companion serve``'s devices write to its log, in the language it was started in:
the panel's pins and buttons, the voice, the club hub and the camera's journal waits
(new-user trial s11 L4: under ``--lang de`` these lines began "panel: …", "voice …",
"hub: …"). The start-up lines of serve itself are ``serve.*`` (companion/texts/commands.py).
"""

from __future__ import annotations

WORDS: dict[str, tuple[str, str]] = {
    # companion/panel: the pins it drives, and what its buttons did
    "log.panel_pins": ("Bedienfeld: {pins}", "panel: {pins}"),
    "log.panel_no_real_pins": (
        "Bedienfeld: auf {board} lädt kein echter Pin-Treiber ({problems})",
        "panel: no real pin factory loads on {board} ({problems})",
    ),
    "log.panel_pressed": ("Bedienfeld: Taste „{button}“ gedrückt", "panel: '{button}' pressed"),
    "log.panel_read_dice": (
        "Bedienfeld: Würfel lesen: die nächsten still liegenden Würfel sind ein neuer Wurf",
        "panel: read the dice: the next still dice are a new throw",
    ),
    "log.panel_roll_ignored": (
        "Bedienfeld: Wurf übergangen, der letzte Wurf blinkt noch",
        "panel: roll ignored, the last roll is still blinking",
    ),
    "log.panel_rolled": (
        "Bedienfeld: die elektronischen Würfel zeigen {first} und {second}",
        "panel: electronic dice rolled {first} and {second}",
    ),
    # companion/panel/voice.py
    "log.voice_missing": (
        "Stimme aus: {program} ist nicht installiert (sudo apt install espeak-ng)",
        "voice off: {program} is not installed (sudo apt install espeak-ng)",
    ),
    "log.voice_on": ("Stimme an", "voice on"),
    "log.voice_off": ("Stimme aus", "voice off"),
    "log.voice_failed": (
        "Stimme: {said} ließ sich nicht sprechen: {why}",
        "voice: could not speak {said}: {why}",
    ),
    # companion/hub/publisher.py and serve's start
    "log.hub_publishing": (
        "Hub: sendet an {broker}:{port} als {club}/{name}",
        "hub: publishing to {broker}:{port} as {club}/{name}",
    ),
    "log.hub_refused": (
        "Hub: Broker {broker} weist den Tisch ab: {reason}",
        "hub: broker {broker} refused the table: {reason}",
    ),
    "log.hub_connected": (
        "Hub: mit {broker} verbunden als {club}/{name}",
        "hub: connected to {broker} as {club}/{name}",
    ),
    "log.hub_resend_dropped": (
        "Hub: eine Bitte um erneutes Senden verworfen: {why}",
        "hub: a resend request dropped: {why}",
    ),
    "log.hub_send_failed": (
        "Hub: Senden fehlgeschlagen; neuer Versuch",
        "hub: sending failed; trying again",
    ),
    # companion hub (companion/hub/listener.py)
    "log.hub_listener_refused": (
        "Hub: Broker {broker} weist den Hub ab: {reason}",
        "hub: broker {broker} refused the hub: {reason}",
    ),
    "log.hub_listening": ("Hub: hört {broker}:{port} zu", "hub: listening to {broker}:{port}"),
    "log.hub_dropped": (
        "Hub: eine Nachricht auf {topic} verworfen: {why}",
        "hub: dropped a message on {topic}: {why}",
    ),
    "log.hub_gap": (
        "Hub: {club}/{table} fehlt etwas nach Ereignis {after}; um erneutes Senden gebeten",
        "hub: {club}/{table} has a gap after event {after}; asked to send again",
    ),
    # companion/web: the PIN guessed, connections, host names (docs/security.md)
    "log.wrong_pin": (
        "falsche Schiedsrichter-PIN von {address} ({count} nacheinander von dort; der "
        "nächste Versuch wartet {wait} s)",
        "wrong referee PIN from {address} ({count} in a row from there; its next try waits "
        "{wait} s)",
    ),
    "log.connections_full": (
        "{address} hält {most} Verbindungen, so viele wie eine Adresse darf: weitere werden "
        "sofort geschlossen (einmal pro Minute gemeldet)",
        "{address} holds {most} connections, the most one address may: further ones are "
        "closed at once (logged once a minute)",
    ),
    "log.host_refused": (
        "Anfrage für den Rechnernamen {host} abgewiesen (nicht in [web] hosts)",
        "refused a request for the host name {host} (not in [web] hosts)",
    ),
    # companion/table/live.py: the journal cannot write while the camera sees
    "log.camera_roll_waits": (
        "Kamera: {why}; der Wurf wird wieder gelesen, sobald das Journal schreibt",
        "camera: {why}; the roll is read again once the journal writes",
    ),
    "log.camera_board_waits": (
        "Kamera: {why}; was die Kamera sieht, wird beurteilt, sobald das Journal wieder schreibt",
        "camera: {why}; what the camera sees is judged once the journal writes again",
    ),
    "log.camera_cannot_find": (
        "Kamera: {why}",
        "camera: {why}",
    ),
    "log.camera_finds_again": (
        "Kamera: das Brett ist eingemessen, die Kamera sucht es wieder",
        "camera: the board is calibrated, the camera looks for it again",
    ),
}
