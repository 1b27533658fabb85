//! Colour in terminal reports, decided once per run the way libtest-mimic decides it for
//! its own lines, so the two never disagree.

use crate::decide::Verdict;
use anstyle::{AnsiColor, Style};
use libtest_mimic::ColorSetting;

/// Whether to colour, and the styles used when it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paint {
    on: bool,
}

impl Paint {
    /// Colour on or off.
    #[must_use]
    pub fn new(on: bool) -> Self {
        Self { on }
    }

    /// What `--color` asks for on `stream`: `always` and `never` as said; `auto` colours a
    /// terminal unless `NO_COLOR` is set (the rules of `anstream`, which libtest-mimic uses).
    #[must_use]
    pub fn for_stream<S: anstream::stream::RawStream>(
        setting: Option<ColorSetting>,
        stream: &S,
    ) -> Self {
        let on = match setting.unwrap_or(ColorSetting::Auto) {
            ColorSetting::Always => true,
            ColorSetting::Never => false,
            ColorSetting::Auto => {
                anstream::AutoStream::choice(stream) != anstream::ColorChoice::Never
            }
        };
        Self::new(on)
    }

    /// Whether colour is on.
    #[must_use]
    pub fn is_on(self) -> bool {
        self.on
    }

    /// `text` (already padded, so escapes do not upset alignment) in the verdict's colour:
    /// green for pass, red for refuted, yellow for inconclusive; a report without a claim
    /// stays plain.
    #[must_use]
    pub fn verdict(self, verdict: Verdict, text: &str) -> String {
        let colour = match verdict {
            Verdict::Pass => AnsiColor::Green,
            Verdict::Refuted => AnsiColor::Red,
            Verdict::Inconclusive => AnsiColor::Yellow,
            Verdict::Reported => return text.to_owned(),
        };
        self.style(Style::new().fg_color(Some(colour.into())).bold(), text)
    }

    /// `text` in bold.
    #[must_use]
    pub fn bold(self, text: &str) -> String {
        self.style(Style::new().bold(), text)
    }

    fn style(self, style: Style, text: &str) -> String {
        if self.on {
            format!("{style}{text}{style:#}")
        } else {
            text.to_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_when_off_and_ansi_when_on() {
        let off = Paint::new(false);
        assert_eq!(off.verdict(Verdict::Pass, "pass"), "pass");
        assert_eq!(off.bold("x"), "x");
        let on = Paint::new(true);
        assert_eq!(
            on.verdict(Verdict::Pass, "pass"),
            "\x1b[1m\x1b[32mpass\x1b[0m"
        );
        assert_eq!(on.verdict(Verdict::Refuted, "r"), "\x1b[1m\x1b[31mr\x1b[0m");
        assert_eq!(on.verdict(Verdict::Reported, "reported"), "reported");
    }

    #[test]
    fn the_command_line_setting_wins_over_the_stream() {
        let pipe: Vec<u8> = Vec::new();
        assert!(Paint::for_stream(Some(ColorSetting::Always), &pipe).is_on());
        assert!(!Paint::for_stream(Some(ColorSetting::Never), &pipe).is_on());
        // `auto` leaves a pipe plain, unless the environment forces colour.
        if std::env::var_os("CLICOLOR_FORCE").is_none() {
            assert!(!Paint::for_stream(None, &pipe).is_on());
        }
    }
}
