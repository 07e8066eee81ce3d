"""The campaign as a domain. Reads and writes through ``ghcli.campaign.db``."""
