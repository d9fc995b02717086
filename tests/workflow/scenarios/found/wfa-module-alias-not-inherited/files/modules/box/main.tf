resource "terraform_data" "in" {
  provider = terraform.second
}
