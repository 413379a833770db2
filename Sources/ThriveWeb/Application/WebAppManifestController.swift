import Foundation
import Hummingbird
import ThriveCore

/// `GET /manifest.webmanifest`: what makes Thrive installable as an app (name, icons, colours,
/// start page, shortcuts to logging), with the media type browsers expect. `GET /sw.js`: the service
/// worker that keeps the app working offline, served from the root so that it may control every
/// page, and stamped with the release so a new release replaces its caches.
struct WebAppManifestController {
    func addRoutes(to router: Router<AppRequestContext>) throws {
        guard let url = Bundle.module.url(forResource: "manifest", withExtension: "webmanifest") else {
            throw ConfigurationError("The web app manifest is missing from the installation.")
        }
        let manifest = try Data(contentsOf: url)
        guard let workerURL = Bundle.module.url(forResource: "public/assets/sw", withExtension: "js") else {
            throw ConfigurationError("The service worker is missing from the installation.")
        }
        let assets = workerURL.deletingLastPathComponent()
        let worker = String(decoding: try Data(contentsOf: workerURL), as: UTF8.self)
            .replacingOccurrences(of: "__VERSION__", with: AppVersion.current + "-" + (try Self.fingerprint(of: assets)))
            .replacingOccurrences(of: "__SHELL_FILES__", with: try Self.shellFiles(in: assets))
        router.get("sw.js") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-cache"],
                body: .init(byteBuffer: ByteBuffer(string: worker)))
        }
        router.get("manifest.webmanifest") { _, _ -> Response in
            Response(
                status: .ok,
                headers: [.contentType: "application/manifest+json", .cacheControl: "max-age=3600"],
                body: .init(byteBuffer: ByteBuffer(bytes: manifest)))
        }
    }

    /// The app shell the worker keeps for offline use: every stylesheet, script and icon of the
    /// pages (the service worker itself excepted) and the manifest, as a JavaScript array.
    static func shellFiles(in folder: URL) throws -> String {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            .filter { [".css", ".js", ".svg"].contains(where: $0.hasSuffix) && $0 != "sw.js" }
        let paths = names.map { "\"/assets/\($0)\"" } + ["\"/manifest.webmanifest\""]
        return "[" + paths.joined(separator: ", ") + "]"
    }

    /// A fingerprint of every asset's bytes (FNV-1a): a changed stylesheet or script is a new
    /// shell, even within one release.
    static func fingerprint(of folder: URL) throws -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for name in names {
            for byte in try Data(contentsOf: folder.appendingPathComponent(name)) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
        }
        return String(hash, radix: 36)
    }
}
