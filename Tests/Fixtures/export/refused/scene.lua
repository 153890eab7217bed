local A = NSObject:subclass("A")
A.new()
