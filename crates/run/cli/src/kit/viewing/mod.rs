//! Colours and pictures without a window.
//!
//! - [`palette`]: player colours.
//! - [`raster`]: pictures drawn with egui's painter without a window (a chart as a PNG).

pub mod palette;
pub mod raster;
