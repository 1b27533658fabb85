//! Fixed-sample t-tests and their intervals: Student's one-sample test (`student`), Welch's
//! two-sample test (`welch`), and the result both report (`t_test`).

mod student;
mod t_test;
mod welch;

pub use student::student_t;
pub use t_test::TTest;
pub use welch::welch;
