import CLibXML2
import Foundation

/// libxml2's SAX2 push parser, fed chunk by chunk: nothing of the document is kept, so a file of
/// any size parses in constant memory. Element names and attribute values are handed over as
/// pointers into libxml2's buffer, valid only during the callback — the reader copies out only
/// what it keeps.
///
/// Safe on hostile files: no network (`XML_PARSE_NONET`), no external DTD, entities never
/// substituted (`XML_PARSE_NOENT` is not set), no `XML_PARSE_HUGE`; and a document that declares
/// an entity at all is refused (an Apple Health export declares none), which stops a
/// billion-laughs file before it can grow.
final class SAXPushParser {
    /// One element's attributes: libxml2's array of (name, prefix, URI, value start, value end).
    struct Attributes {
        fileprivate let base: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
        let count: Int

        /// The name of attribute `index` (NUL-terminated).
        func name(_ index: Int) -> UnsafePointer<UInt8> { base![index * 5]! }

        /// The value of attribute `index`: its bytes, not NUL-terminated.
        func value(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = base![index * 5 + 3]!
            let end = base![index * 5 + 4]!
            return UnsafeBufferPointer(start: start, count: end - start)
        }
    }

    typealias Start = (_ name: UnsafePointer<UInt8>, _ attributes: Attributes) -> Void
    typealias End = (_ name: UnsafePointer<UInt8>) -> Void

    private let start: Start
    private let end: End
    private var context: xmlParserCtxtPtr?
    private var refusal: XMLFileError?

    init(start: @escaping Start, end: @escaping End) {
        self.start = start
        self.end = end
        var handler = xmlSAXHandler()
        handler.initialized = XML_SAX2_MAGIC
        handler.startElementNs = { user, name, _, _, _, _, count, _, attributes in
            guard let user, let name else { return }
            let parser = Unmanaged<SAXPushParser>.fromOpaque(user).takeUnretainedValue()
            parser.start(name, Attributes(base: attributes, count: Int(count)))
        }
        handler.endElementNs = { user, name, _, _ in
            guard let user, let name else { return }
            Unmanaged<SAXPushParser>.fromOpaque(user).takeUnretainedValue().end(name)
        }
        handler.entityDecl = { user, name, _, _, _, _ in
            guard let user else { return }
            let parser = Unmanaged<SAXPushParser>.fromOpaque(user).takeUnretainedValue()
            parser.refusal = .entityDeclared(name.map { String(cString: $0) } ?? "")
            xmlStopParser(parser.context)
        }
        // Errors are read from the context after each chunk; nothing is printed.
        handler.serror = { _, _ in }
        context = xmlCreatePushParserCtxt(&handler, nil, nil, 0, nil)
        context?.pointee._private = nil
        if let context {
            context.pointee.userData = Unmanaged.passUnretained(self).toOpaque()
            xmlCtxtUseOptions(
                context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue))
        }
    }

    deinit {
        if let context {
            xmlFreeDoc(context.pointee.myDoc)
            xmlFreeParserCtxt(context)
        }
    }

    /// Parses the next bytes of the document; `last` says there are no more.
    func parse(_ bytes: UnsafeRawBufferPointer, last: Bool = false) throws(XMLFileError) {
        guard let context else { throw .outOfMemory }
        let code = bytes.withMemoryRebound(to: CChar.self) { chars in
            xmlParseChunk(context, chars.baseAddress, Int32(chars.count), last ? 1 : 0)
        }
        if let refusal { throw refusal }
        guard code == 0 else {
            let error = xmlCtxtGetLastError(context)
            let message = error?.pointee.message.map { String(cString: $0) } ?? "error \(code)"
            throw .malformed(line: Int(error?.pointee.line ?? 0), message.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// Why an XML file was not read to its end.
public enum XMLFileError: Error, Equatable, Sendable {
    /// Not well-formed (cut short, a broken tag): libxml2's message and line.
    case malformed(line: Int, String)
    /// The file declares an entity: never in an Apple Health export, and the way a billion-laughs
    /// file grows without bound.
    case entityDeclared(String)
    case outOfMemory
}
