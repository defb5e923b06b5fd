//! What every game's view is drawn with.
//!
//! - [`recorded`]: a replay held for viewing: records, keyframed timeline, state cache, track.
//! - [`grid`]: a 2D board of square cells on the screen (fit, pan, zoom, the cell under the
//!   pointer, the cells that show) and a texture of its cells, rewritten only where they change.
//! - [`palette`], [`raster`]: player colours, pictures without a window (`kibitz-cli`).
//! - [`scene`]: a board drawn in 3D (meshes as data, the orbit camera and its rays), from the
//!   `kibitz-scene` crate.

pub use kibitz_cli::kit::viewing::{palette, raster};
pub mod grid;
pub mod recorded;
/// A board drawn in 3D, as data (its own crate, built optimised even in dev builds).
pub use kibitz_scene as scene;
