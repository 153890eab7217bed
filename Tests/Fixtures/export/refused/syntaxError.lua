local A = NSObject:subclass("A"
return A
