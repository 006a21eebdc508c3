"""Short, balanced openings (UCI moves); each is played with both colours."""

# Main lines of common openings, 2-4 moves deep.
CHESS_OPENINGS = [
    "e2e4 e7e5 g1f3 b8c6 f1b5 a7a6",  # Ruy Lopez
    "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5",  # Giuoco Piano
    "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4",  # Sicilian, open
    "e2e4 c7c5 b1c3 b8c6 g2g3",  # Closed Sicilian
    "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6",  # French, classical
    "e2e4 c7c6 d2d4 d7d5 e4e5 c8f5",  # Caro-Kann, advance
    "e2e4 d7d6 d2d4 g8f6 b1c3 g7g6",  # Pirc
    "e2e4 g8f6 e4e5 f6d5 d2d4 d7d6",  # Alekhine
    "d2d4 d7d5 c2c4 e7e6 b1c3 g8f6",  # Queen's Gambit Declined
    "d2d4 d7d5 c2c4 c7c6 g1f3 g8f6",  # Slav
    "d2d4 d7d5 c2c4 d5c4 g1f3 g8f6",  # Queen's Gambit Accepted
    "d2d4 g8f6 c2c4 g7g6 b1c3 f8g7",  # King's Indian
    "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4",  # Nimzo-Indian
    "d2d4 g8f6 c2c4 e7e6 g1f3 b7b6",  # Queen's Indian
    "d2d4 g8f6 c2c4 c7c5 d4d5 e7e6",  # Benoni
    "d2d4 f7f5 g2g3 g8f6 f1g2 g7g6",  # Dutch, Leningrad
    "c2c4 e7e5 b1c3 g8f6 g1f3 b8c6",  # English, four knights
    "c2c4 c7c5 g1f3 g8f6 b1c3 b8c6",  # English, symmetrical
    "g1f3 d7d5 g2g3 g8f6 f1g2 e7e6",  # Reti / KIA
    "e2e4 e7e5 g1f3 g8f6 f3e5 d7d6",  # Petrov
    "e2e4 e7e5 b1c3 g8f6 f2f4 d7d5",  # Vienna gambit
    "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5",  # Scandinavian
    "d2d4 d7d5 g1f3 g8f6 c1f4 e7e6",  # London
    "e2e4 c7c5 g1f3 e7e6 d2d4 c5d4",  # Sicilian, Taimanov/Kan move order
]

# Fairy-Stockfish coordinates (files a-i, ranks 1-10, Red at the bottom).
XIANGQI_OPENINGS = [
    "h3e3 h10g8 h1g3 i10h10",  # Central cannon vs screen horse
    "h3e3 h8e8",  # Same-direction cannons
    "h3e3 b8e8",  # Opposite-direction cannons
    "c4c5 g7g6",  # Pawn openings
    "g4g5 c7c6",
    "c1e3 h8e8",  # Elephant opening vs central cannon
    "g1e3 b8e8",
    "h1g3 b10c8",  # Horse openings
    "b1c3 h10g8",
    "b3d3 h10g8",  # Palcorner cannon
    "h3f3 b8e8",
    "c4c5 c7c6",
    "h3e3 h10g8 h1g3 c7c6",
    "b3e3 b10c8 b1c3 h10g8",
    "g4g5 h10g8 h1g3 g7g6",
    "c1e3 c7c6 b1d2 b10c8",
]
