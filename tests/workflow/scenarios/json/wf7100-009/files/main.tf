resource "terraform_data" "a" {
  input = 42
}

resource "terraform_data" "a1" {
  count = 3
  input = terraform_data.a.id
}
