//! A cell's value as the text the customer sees.
//!
//! Translation cells are formatted as text, but a re-save by another program, a paste or a
//! Google Sheets round trip can still leave numbers and dates behind. They are turned back
//! into text on a best-effort basis, without knowing the cell's display format:
//!
//! * numbers: integral values without a decimal point (`42`, not `42.0`), others in the
//!   shortest form that reads back as the same number (`0.1`, `1234.5`); a percentage or
//!   currency format is not applied (`50%` arrives as `0.5`);
//! * dates as ISO dates (`2026-11-22`), with the time when there is one (`2026-11-22 14:30`,
//!   seconds only when not zero), times alone as `14:30`, durations as `36:15:00`;
//! * booleans as Excel shows them (`TRUE`), errors as their code (`#DIV/0!`).

use calamine::{Data, ExcelDateTime};

pub(crate) fn shown_text(data: &Data) -> String {
    match data {
        Data::Empty => String::new(),
        Data::String(text) | Data::DateTimeIso(text) | Data::DurationIso(text) => text.clone(),
        Data::Int(number) => number.to_string(),
        Data::Float(number) => number_text(*number),
        Data::Bool(true) => "TRUE".to_owned(),
        Data::Bool(false) => "FALSE".to_owned(),
        Data::DateTime(datetime) => datetime_text(datetime),
        Data::Error(error) => error.to_string(),
    }
}

fn number_text(number: f64) -> String {
    // Beyond 2^53 floats are no longer exact integers; Display still prints them plainly.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    if number.fract() == 0.0 && number.abs() < EXACT {
        format!("{}", number as i64)
    } else {
        format!("{number}")
    }
}

fn datetime_text(datetime: &ExcelDateTime) -> String {
    let serial = datetime.as_f64();
    if datetime.is_duration() {
        let seconds = (serial * 86_400.0).round() as i64;
        let sign = if seconds < 0 { "-" } else { "" };
        let seconds = seconds.abs();
        return format!(
            "{sign}{}:{:02}:{:02}",
            seconds / 3600,
            seconds / 60 % 60,
            seconds % 60
        );
    }
    let (year, month, day, hour, minute, second, milli) = datetime.to_ymd_hms_milli();
    let time = if second == 0 && milli == 0 {
        format!("{hour:02}:{minute:02}")
    } else {
        format!("{hour:02}:{minute:02}:{second:02}")
    };
    if serial.trunc() == 0.0 {
        time
    } else if (hour, minute, second, milli) == (0, 0, 0, 0) {
        format!("{year:04}-{month:02}-{day:02}")
    } else {
        format!("{year:04}-{month:02}-{day:02} {time}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{CellErrorType, ExcelDateTimeType};

    fn date(serial: f64) -> Data {
        Data::DateTime(ExcelDateTime::new(
            serial,
            ExcelDateTimeType::DateTime,
            false,
        ))
    }

    #[test]
    fn numbers_read_as_they_are_shown() {
        assert_eq!(shown_text(&Data::Float(42.0)), "42");
        assert_eq!(shown_text(&Data::Float(-5.0)), "-5");
        assert_eq!(shown_text(&Data::Float(0.1)), "0.1");
        assert_eq!(shown_text(&Data::Float(1234.5)), "1234.5");
        assert_eq!(shown_text(&Data::Float(4930123456.0)), "4930123456");
        assert_eq!(shown_text(&Data::Int(7)), "7");
        assert_eq!(shown_text(&Data::Float(1e20)), "100000000000000000000");
    }

    #[test]
    fn dates_and_times_read_as_iso() {
        assert_eq!(shown_text(&date(45943.0)), "2025-10-13");
        assert_eq!(shown_text(&date(45943.5)), "2025-10-13 12:00");
        assert_eq!(shown_text(&date(0.75)), "18:00");
        let duration = ExcelDateTime::new(1.5, ExcelDateTimeType::TimeDelta, false);
        assert_eq!(shown_text(&Data::DateTime(duration)), "36:00:00");
    }

    #[test]
    fn other_values_read_as_excel_shows_them() {
        assert_eq!(shown_text(&Data::Bool(true)), "TRUE");
        assert_eq!(shown_text(&Data::Error(CellErrorType::Div0)), "#DIV/0!");
        assert_eq!(shown_text(&Data::Empty), "");
        assert_eq!(shown_text(&Data::String("=SUM(A1)".into())), "=SUM(A1)");
    }
}
