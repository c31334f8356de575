//! The piece editor's call across the JavaScript boundary: a movement
//! string's picture on a small board ([`crate::text::picture`]). The answer is a flat list of
//! numbers (read by www/src/editor/read.ts), which keeps this call small in
//! the module.

use crate::text::picture::picture;
use wasm_bindgen::prelude::*;

/// Where movement string `text` goes from the centre of an empty `side`
/// x `side` board (odd, 3 to 31), and its components read back as leaps
/// and slides, as numbers: the count of components, then for each its
/// start and end (character offsets into `text`), flags (1 plain, 2 slide,
/// 4 moves, 8 captures, 16 first move only), range, count of vectors and
/// the vectors (x, y); then, for each square reached, its offsets from the
/// piece and flags (1 move, 2 capture, 4 first move only). Throws an Error
/// saying what is wrong with the string, and a `TypeError` when `text` is
/// not a string (it is taken as a `JsValue` and checked, as the module's
/// text explains).
#[wasm_bindgen(js_name = movementPicture)]
pub fn movement_picture(text: JsValue, side: u8) -> Result<Vec<i32>, JsValue> {
    let text = text
        .as_string()
        .ok_or_else(|| JsValue::from(js_sys::TypeError::new("movementPicture: text must be a string")))?;
    let p = picture(&text, side).map_err(|e| JsValue::from(JsError::new(&e)))?;
    let mut out = vec![p.parts.len() as i32];
    for q in &p.parts {
        let flags = [q.plain, q.slide, q.moves, q.captures, q.initial]
            .iter()
            .enumerate()
            .fold(0, |f, (i, &b)| f | (i32::from(b) << i));
        out.extend([
            q.span.start as i32,
            q.span.end as i32,
            flags,
            i32::from(q.range),
            q.dirs.len() as i32,
        ]);
        out.extend(q.dirs.iter().flat_map(|&(x, y)| [x, y]));
    }
    out.extend(p.cells.iter().flat_map(|&(x, y, f)| [x, y, i32::from(f)]));
    Ok(out)
}
