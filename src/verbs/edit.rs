//! `kibitz edit GAME [FILE]`: the map editor (`kit::editor`) on a map in the game's own format,
//! or on a new one of `--size`.

use crate::kit::contract::view_room::ViewRegistry;
use crate::kit::editor::EditView;
use crate::shell::{Opening, ViewerOptions, run_with};
use clap::Args;
use kibitz_editor::Sheet;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
#[command(
    after_help = "Examples:\n  kibitz edit lighthouses maps/lighthouses/duel.txt\n  kibitz edit lighthouses mine.txt --size 24x14   # a new map, saved to mine.txt\n  \
                  kibitz edit snakecore maps/snakecore/four.txt\n  kibitz edit amazes maze.txt   # a new maze; Ctrl+R draws a random one\n\n\
                  In the window: 1 … 9 choose a tool, left drag paints, right drag pans, [ and ] size the brush, Y the symmetry,\n\
                  Ctrl+Z / Ctrl+Y undo and redo, Ctrl+S saves, P plays the map by hand, Shift+P lets our bots play it, E comes back,\n\
                  Ctrl+Q quits (asking first when there are unsaved changes). A replay is not a map: watch it with kibitz view FILE.\n\
                  docs/editor.md has every game's tools."
)]
pub struct EditArgs {
    /// The game whose map to edit.
    pub game: String,
    /// The map file; a new map of --size when it does not exist yet.
    pub file: Option<PathBuf>,
    /// A new map's width and height in cells.
    #[arg(long, default_value = "20x12", value_parser = parse_cells, value_name = "WIDTHxHEIGHT")]
    pub size: (usize, usize),
    /// Render the editor once, write it to this PNG and exit.
    #[arg(long)]
    pub screenshot: Option<PathBuf>,
}

/// `20x12` as (width, height): 3 to 500 cells each way.
fn parse_cells(text: &str) -> Result<(usize, usize), String> {
    let (w, h) = text.split_once(['x', 'X']).ok_or_else(|| format!("{text:?}: expected WIDTHxHEIGHT, e.g. 20x12"))?;
    let number = |s: &str| s.trim().parse::<usize>().ok().filter(|n| (3..=500).contains(n));
    match (number(w), number(h)) {
        (Some(w), Some(h)) => Ok((w, h)),
        _ => Err(format!("{text:?}: width and height are whole numbers of cells from 3 to 500")),
    }
}

pub fn run(registry: &ViewRegistry, args: EditArgs, verbose: bool) -> anyhow::Result<ExitCode> {
    let with_editor: Vec<&str> = registry.views().iter().filter(|v| v.maps().is_some()).map(|v| v.id()).collect();
    let format = registry.get(&args.game).ok().and_then(|view| view.maps()).ok_or_else(|| {
        let known = if registry.get(&args.game).is_ok() { "has no map editor" } else { "is not a game this Kibitz knows" };
        anyhow::anyhow!("{} {known}; the games with an editor: {}", args.game, with_editor.join(", "))
    })?;
    let sheet = match &args.file {
        Some(path) if path.exists() => {
            let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            refuse_a_replay(path, &text)?;
            Sheet::parse(&text)
        }
        _ => format.new_map(args.size.0, args.size.1),
    };
    let view = EditView::new(format, sheet, args.file);
    run_with(
        registry.clone(),
        ViewerOptions { verbose, screenshot: args.screenshot, ..Default::default() },
        Some(Opening::Editor(Box::new(view))),
    )
}

/// A replay (its first line a replay header) is not a map: editing it as one would overwrite
/// the match on saving.
fn refuse_a_replay(path: &std::path::Path, text: &str) -> anyhow::Result<()> {
    match kibitz_core::replay::peek_header(text) {
        Ok(header) => anyhow::bail!(
            "{}, line 1: a replay of a {} match, not a map; the editor does not change replays. Watch it with: kibitz view {}",
            path.display(),
            header.game,
            path.display()
        ),
        Err(_) => Ok(()),
    }
}
