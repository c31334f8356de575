//! Reserves, credits and drops for the page.
