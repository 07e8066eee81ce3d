"""The campaign as a domain. Reads and writes its database through ``ghcli.campaign.kind.Store``."""
