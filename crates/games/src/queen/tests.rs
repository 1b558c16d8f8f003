use super::*;
use crate::deal::{DealSource, Hook, make_deal};
use crate::game::{Action, Game, MoveList, Pile, Pruning};

fn game(variant: QueenVariant, seed: u64) -> Queen {
    Queen::new(QueenRules::new(variant), &make_deal(&DealSource::Native(seed), Hook::None).unwrap())
}
