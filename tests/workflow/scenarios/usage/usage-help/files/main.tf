resource "terraform_data" "a" {
  input = "x"
}
resource "terraform_data" "b" {
  count = 2
  input = count.index
}
module "m" {
  source = "./mod"
}
output "o" { value = terraform_data.a.output }
output "l" { value = [1, 2] }
output "n" { value = 3 }
