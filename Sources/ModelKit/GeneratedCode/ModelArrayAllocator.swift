// Called by code @DictionaryModel generates, through NestedModelDecoder: change with Sources/ModelKitMacros and
// Tests/ModelKitMacrosTests.

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The Swift runtime's allocator of class instances, `swift_allocObject` (exported by every Swift runtime, a C
/// function: the standard library allocates an array's storage with it), found by name when the process starts: a
/// Swift declaration of a runtime symbol is reserved to the compiler.
private let swiftAllocateObject: (@convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer?)? = {
    #if canImport(Darwin)
        let everyImage = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
        let everyImage: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everyImage, "swift_allocObject") else { return nil }
    return unsafeBitCast(
        symbol, to: (@convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer?).self)
}()

// An array of a model made in generic code (`Array(unsafeUninitializedCapacity:)` from a module compiled with both
// conditions) asked the runtime for the metadata of `_ContiguousArrayStorage<M>` and of `ContiguousArray<M>`, each a
// hash-table probe under a lock: 2.6 M instructions an iteration of citm_catalog.json, more in time
// (Benchmarks/NOTES.md, 2026-11-29, 12:30). This rewrites what the standard library does when it allocates an array,
// which a measured speed goal asks for; it is used only where a check at start-up finds the array's layout as it
// expects, and the standard library's own code runs otherwise.
/// Arrays of one model type allocated from the storage class's metadata, found once: the storage an `Array<M>` is,
/// its header written as the standard library writes it.
///
/// An array's storage is a `_ContiguousArrayStorage<M>` instance: the object's header, then the count and the
/// capacity (shifted left by one, its low bit a flag that is clear where there is no Objective-C), then the
/// elements; an `Array<M>` is a reference to it. The allocator finds the class from an array made by the standard
/// library, and checks the places of the count, the capacity and the elements against it.
struct ModelArrayAllocator: @unchecked Sendable {
    /// `swift_allocObject`.
    private let allocateObject: @convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer?
    /// The storage class's metadata.
    private let storageClass: UnsafeRawPointer
    /// Where the elements begin in the storage, and the allocation's alignment.
    let elementOffset: Int
    private let alignmentMask: Int
    let stride: Int

    /// Where the count and the capacity lie in the storage, as the standard library lays it out.
    private static let countOffset = 2 * MemoryLayout<Int>.size
    private static let capacityOffset = 3 * MemoryLayout<Int>.size

    /// The allocator for arrays of `M`, or `nil` if the arrays the standard library makes are not laid out as this
    /// type writes them.
    static func make<M>(for _: M.Type) -> ModelArrayAllocator? {
        guard let allocate = swiftAllocateObject, let (storageClass, elementOffset) = layout(of: M.self) else {
            return nil
        }
        let allocator = ModelArrayAllocator(
            allocateObject: allocate, storageClass: storageClass, elementOffset: elementOffset,
            alignmentMask: max(MemoryLayout<M>.alignment, MemoryLayout<Int>.alignment) - 1,
            stride: MemoryLayout<M>.stride)
        // An empty array made here must read as one, with the capacity asked for.
        let made = allocator.allocate(capacity: 3)
        let array = Unmanaged<AnyObject>.fromOpaque(made).takeRetainedValue()
        let (count, capacity) = withExtendedLifetime(array) {
            let reread = unsafeBitCast(array, to: [M].self)
            return (reread.count, reread.capacity)
        }
        return count == 0 && capacity == 3 ? allocator : nil
    }

    /// The storage class of arrays of `M` and where their elements begin in it, read from an array the standard
    /// library made; `nil` if its count, capacity and elements do not lie where this type reads and writes them.
    static func layout<M>(of _: M.Type) -> (storageClass: UnsafeRawPointer, elementOffset: Int)? {
        guard layoutIsAsExpected else { return nil }
        var probe: [M] = []
        probe.reserveCapacity(2)
        return withExtendedLifetime(probe) {
            let storage = unsafeBitCast(probe, to: UnsafeRawPointer.self)
            let elements = probe.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            guard let elements, storage.load(fromByteOffset: countOffset, as: Int.self) == 0,
                storage.load(fromByteOffset: capacityOffset, as: UInt.self) == UInt(probe.capacity) << 1
            else { return nil }
            return (storage.load(as: UnsafeRawPointer.self), elements - storage)
        }
    }

    /// The elements of the array at `array`, whose elements begin `elementOffset` bytes into its storage (see
    /// ``layout(of:)``), and their count, read from the storage: its address if it has any, else `nil`.
    @inline(__always)
    static func elements(ofArrayAt array: UnsafeRawPointer, elementOffset: Int) -> (UnsafeRawPointer?, Int) {
        let storage = array.load(as: UnsafeRawPointer.self)
        let count = storage.load(fromByteOffset: countOffset, as: Int.self)
        return (count == 0 ? nil : storage + elementOffset, count)
    }

    /// Whether an array of `Int`s the standard library makes has its count, capacity and elements where this type
    /// writes them: checked once, not for each slot of `[M]` a table makes.
    private static let layoutIsAsExpected: Bool = {
        var probe: [Int] = []
        probe.reserveCapacity(4)
        probe.append(0x5EED)
        return withExtendedLifetime(probe) {
            let storage = unsafeBitCast(probe, to: UnsafeRawPointer.self)
            let elements = probe.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            return storage.load(fromByteOffset: countOffset, as: Int.self) == 1
                && storage.load(fromByteOffset: capacityOffset, as: UInt.self) == UInt(probe.capacity) << 1
                && elements == storage + capacityOffset + MemoryLayout<UInt>.size
                && elements?.load(as: Int.self) == 0x5EED
        }
    }()

    /// A new, empty array's storage with room for `capacity` elements, retained once: the caller owns it (an array
    /// whose bits are its address), and keeps its count current as it initializes elements, so that releasing it
    /// destroys them.
    func allocate(capacity: Int) -> UnsafeMutableRawPointer {
        // The runtime's allocator ends the process when memory runs out, as every Swift allocation does.
        let storage = allocateObject(storageClass, elementOffset + capacity * stride, alignmentMask)!
        storage.storeBytes(of: 0, toByteOffset: Self.countOffset, as: Int.self)
        storage.storeBytes(of: UInt(capacity) << 1, toByteOffset: Self.capacityOffset, as: UInt.self)
        return storage
    }

    /// Sets the count of the storage's initialized elements.
    @inline(__always)
    func setCount(_ count: Int, of storage: UnsafeMutableRawPointer) {
        storage.storeBytes(of: count, toByteOffset: Self.countOffset, as: Int.self)
    }

    /// Releases the storage, destroying its initialized elements.
    func release(_ storage: UnsafeMutableRawPointer) {
        Unmanaged<AnyObject>.fromOpaque(storage).release()
    }
}
