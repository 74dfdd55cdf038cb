"""The built-in board layouts as JSON files: data, read by companion.model.layoutfile."""
