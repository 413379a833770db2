import Foundation

/// The folders where a person's files live beside the database: uploads waiting for their import,
/// and exports waiting for their download. Erasing an account empties both of that person's.
public struct PersonFiles: Sendable {
    public let imports: URL
    public let exports: URL

    public init(imports: URL, exports: URL) {
        self.imports = imports
        self.exports = exports
    }

    public init(_ configuration: AppConfiguration) {
        self.init(imports: configuration.importFolder, exports: configuration.exportFolder)
    }
}
