resource "terraform_data" "a" {
  input = "one"
}
module "m" {
  source = "./mod"
  count = 2
}
module "k" {
  source = "./mod"
}
