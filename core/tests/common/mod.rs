pub mod oracle_compare;
