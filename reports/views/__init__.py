"""PDF downloads: each view looks its object up as the web page does and wraps the bytes."""
