import Foundation
import HTTPTypes
import Testing

@testable import ThriveWeb

/// Stylesheets and scripts are served without what only their reader needs, and nothing else changes.
@Suite struct PublicFilesTests {
    @Test func stylesheetsLoseCommentsAndLayoutButKeepEveryValue() {
        let source = """
            /* Why the cards look as they do. */
            .card  >  .title {
              color: var(--text);   /* inline note */
              width: calc(100% - 2rem);
            }
            .quote::before { content: "/* not a comment */  kept"; }
            @media (min-width: 900px) {
              .a, .b { grid-template-columns: repeat(2, minmax(0, 1fr)); }
            }

            """
        #expect(
            AssetMinifier.stylesheet(source)
                == #".card > .title{color: var(--text);width: calc(100% - 2rem)}"#
                + #".quote::before{content: "/* not a comment */  kept"}"#
                + #"@media (min-width: 900px){.a,.b{grid-template-columns: repeat(2,minmax(0,1fr))}}"#)
    }

    @Test func scriptsLoseCommentLinesAndIndentationOnly() {
        let source = """
            // Why this file exists.
            (function () {
              "use strict";
              // A note.
              var url = "https://example.org/a"; // stays: it could be inside a string

              return url;
            })();
            """
        #expect(
            AssetMinifier.script(source) == """
                (function () {
                "use strict";
                var url = "https://example.org/a"; // stays: it could be inside a string
                return url;
                })();

                """)
    }

    @Test func theServerSendsTheMinifiedFilesWholeAndInParts() async throws {
        try await TestApp.make().test { browser in
            let css = try await browser.get("/assets/app.css")
            #expect(css.status == .ok && css.headers[.contentType] == "text/css")
            #expect(!css.text.contains("/*") && !css.text.contains("\n"))
            #expect(css.text.contains(":root{"))
            let folder = try #require(PublicFiles.folder)
            let source = try String(contentsOf: folder.appendingPathComponent("assets/app.css"), encoding: .utf8)
            #expect(css.text == AssetMinifier.stylesheet(source))
            #expect(css.bytes.count < source.utf8.count * 9 / 10)
            #expect(css.headers[.contentLength] == String(css.bytes.count))

            let script = try await browser.get("/assets/app.js")
            #expect(!script.text.split(separator: "\n").contains { $0.hasPrefix("//") || $0.hasPrefix(" ") })

            let part = try await browser.get("/assets/app.css", headers: [.range: "bytes=0-9"])
            #expect(part.status == .partialContent)
            #expect(part.text == String(css.text.prefix(10)))

            // Pictures come from disk as they are.
            let icon = try await browser.get("/assets/icon-192.png")
            #expect(icon.status == .ok && icon.bytes.prefix(4) == [0x89, 0x50, 0x4E, 0x47])
        }
    }

    /// The service worker keeps every stylesheet and script a page may ask for, so that each page
    /// works offline with its own styles: the list comes from the folder, not from memory.
    @Test func theOfflineShellHoldsEveryStylesheetAndScript() async throws {
        try await TestApp.make().test { browser in
            let worker = try await browser.get("/sw.js").text
            let line = try #require(worker.split(separator: "\n").first { $0.hasPrefix("var SHELL_FILES = ") })
            let folder = try #require(PublicFiles.folder).appendingPathComponent("assets")
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { ($0.hasSuffix(".css") || $0.hasSuffix(".js")) && $0 != "sw.js" }
            #expect(files.count >= 20)
            for file in files { #expect(line.contains("\"/assets/\(file)\""), "\(file)") }
            #expect(!line.contains("sw.js"))
            #expect(line.contains("\"/manifest.webmanifest\""))
        }
    }
}
