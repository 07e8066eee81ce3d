"""Pictures of boards and answers (ASCII and SVG). Pure: they return text."""
