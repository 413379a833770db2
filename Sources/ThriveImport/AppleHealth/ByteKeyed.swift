/// Values found by the bytes that name them, without making a string of the bytes each time: an
/// export names the same few types, units and sources millions of times, so the most recent names
/// are compared byte for byte and a string is made only for a name not seen yet.
struct ByteKeyed<Value> {
    private var keys: [[UInt8]] = []
    private var values: [Value] = []
    private var last = 0

    /// The value for `bytes`, made by `make` the first time.
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, make: (String) -> Value) -> Value {
        if last < keys.count, Self.same(keys[last], bytes) { return values[last] }
        for index in keys.indices where Self.same(keys[index], bytes) {
            last = index
            return values[index]
        }
        let value = make(String(decoding: bytes, as: UTF8.self))
        keys.append(Array(bytes))
        values.append(value)
        last = keys.count - 1
        return value
    }

    private static func same(_ key: [UInt8], _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        key.count == bytes.count && key.withUnsafeBufferPointer { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
