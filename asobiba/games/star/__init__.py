"""The star engine's shared pieces for Diamond Game and Chinese Checkers."""
