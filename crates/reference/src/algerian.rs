//! Reference rules for the Algerian family (RULES.md §4). Written by the reference helper.
