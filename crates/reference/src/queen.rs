//! Reference rules for the Queen of Italy family (RULES.md §3). Written by the reference helper.
