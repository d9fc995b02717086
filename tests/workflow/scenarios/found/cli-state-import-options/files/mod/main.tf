resource "terraform_data" "y" {}
output "id" { value = terraform_data.y.id }
