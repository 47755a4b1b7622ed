import Foundation
import ModelLayout
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test("Rect edges follow CGRectMake's arguments")
    func edges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.minX == 10)
        #expect(rect.maxX == 40)
        #expect(rect.minY == 20)
        #expect(rect.maxY == 60)
        #expect(rect.origin == Point(x: 10, y: 20))
        #expect(rect.size == Size(width: 30, height: 40))
    }

    @Test("Containment is half-open, so touching tiles never share a point")
    func halfOpenContainment() {
        let left = Rect(x: 0, y: 0, width: 10, height: 10)
        let right = Rect(x: 10, y: 0, width: 10, height: 10)
        let boundary = Point(x: 10, y: 5)
        #expect(!left.contains(boundary))
        #expect(right.contains(boundary))
        #expect(left.contains(.zero))
        #expect(!left.contains(Point(x: 5, y: 10)))
        #expect(!left.contains(Point(x: .nan, y: 5)))
    }

    @Test("Rectangles that only touch do not intersect; a thin strip across one does")
    func intersection() {
        let tile = Rect(x: 0, y: 0, width: 10, height: 10)
        #expect(!tile.intersects(Rect(x: 10, y: 0, width: 5, height: 5)))
        #expect(tile.intersects(Rect(x: 9.5, y: 0, width: 5, height: 5)))
        #expect(tile.intersects(Rect(x: 5, y: -100, width: 0, height: 200)))
        #expect(!tile.intersects(Rect(x: 5, y: 10, width: 1, height: 1)))
    }

    @Test("Insets shrink a rectangle on each side, and grow it where negative")
    func insets() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50).inset(by: Insets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(rect == Rect(x: 2, y: 1, width: 94, height: 46))
        let grown = Rect(x: 0, y: 0, width: 10, height: 10).inset(by: Insets(all: -5))
        #expect(grown == Rect(x: -5, y: -5, width: 20, height: 20))
        #expect(Insets(top: 1, left: 2, bottom: 3, right: 4).horizontal == 6)
        #expect(Insets(top: 1, left: 2, bottom: 3, right: 4).vertical == 4)
        #expect(!Insets(top: .infinity).isFinite)
    }

    @Test("Geometry round-trips through Codable")
    func codable() throws {
        let value = [Rect(x: 1.5, y: -2, width: 3, height: 4.25)]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode([Rect].self, from: data) == value)
        let insets = Insets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(try JSONDecoder().decode(Insets.self, from: JSONEncoder().encode(insets)) == insets)
    }

    @Test("Only positive, finite sizes are usable item sizes")
    func sizeValidity() {
        #expect(Size(width: 80, height: 90).isPositiveAndFinite)
        #expect(!Size(width: 0, height: 90).isPositiveAndFinite)
        #expect(!Size(width: -1, height: 90).isPositiveAndFinite)
        #expect(!Size(width: .nan, height: 90).isPositiveAndFinite)
        #expect(!Size(width: 80, height: .infinity).isPositiveAndFinite)
    }
}
