//! The move generator before the cell masks, the equivalence test's reference.

use super::*;

impl Quilt {
    /// The move generator before the cell masks (scanning every available cell), kept as
    /// the reference of the equivalence test.
    pub(in crate::quilt) fn moves_reference(
        &self,
        s: &QuiltState,
        pruning: Pruning,
        out: &mut MoveList<QuiltMove>,
    ) {
        out.clear();
        let avail = available_cells(s.quilt);
        let forced = |k: Kind, f: u8| pruning.forced_moves && s.found.met_and_wrap_safe(k, f);
        macro_rules! push_foundation_move {
            ($k:expr, $f:expr, $m:expr) => {{
                if forced($k, $f) {
                    out.clear();
                    out.push($m);
                    return;
                }
                out.push($m);
            }};
        }
        // Foundation moves first: they are what a win is made of.
        for i in bits(avail) {
            let k = self.cells[i];
            for f in s.found.targets(k).into_iter().flatten() {
                push_foundation_move!(
                    k,
                    f,
                    QuiltMove::QuiltToFoundation { cell: i as u8, foundation: f }
                );
            }
        }
        if self.rules.has_reserves() {
            for r in 0..8 {
                let Some(k) = s.reserve_top(r) else { continue };
                for f in s.found.targets(k).into_iter().flatten() {
                    push_foundation_move!(
                        k,
                        f,
                        QuiltMove::ReserveToFoundation { reserve: r as u8, foundation: f }
                    );
                }
            }
            self.persian_moves(s, pruning, avail, out);
            return;
        }
        if let Some(k) = s.waste_top() {
            for f in s.found.targets(k).into_iter().flatten() {
                push_foundation_move!(k, f, QuiltMove::WasteToFoundation { foundation: f });
            }
            // An empty waste accepts nothing (RULES.md §5).
            for i in bits(avail) {
                if self.rules.builds_on(k, self.cells[i]) {
                    out.push(QuiltMove::QuiltToWaste { cell: i as u8 });
                }
            }
        }
        if s.stock_len() > 0 {
            out.push(QuiltMove::Deal);
        } else if s.redeals_left > 0 && s.waste_len() > 0 {
            // A redeal of an empty waste would change nothing but spend a redeal: never useful.
            out.push(QuiltMove::Redeal);
        }
    }
}
