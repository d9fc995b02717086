list "x" "y" {
provider=aws
}
