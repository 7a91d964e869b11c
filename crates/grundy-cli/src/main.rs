fn main() {
    println!("grundy");
}
