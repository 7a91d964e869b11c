//! The page, served from the binary: its HTML, script and style are the
//! files of `crates/grundy-cli/web/`, built in.

/// A file of the page: its path, its content type and its bytes.
pub(crate) struct Asset {
    pub(crate) path: &'static str,
    pub(crate) content_type: &'static str,
    pub(crate) body: &'static str,
}

/// Every file of the page.
pub(crate) static ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: "text/html; charset=utf-8",
        body: include_str!("../../web/index.html"),
    },
    Asset {
        path: "/app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_str!("../../web/app.js"),
    },
    Asset {
        path: "/style.css",
        content_type: "text/css; charset=utf-8",
        body: include_str!("../../web/style.css"),
    },
];
